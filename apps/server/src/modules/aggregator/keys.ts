import { generateKeyPairSync } from 'node:crypto';
import type { Config } from '../../config.ts';

export interface Hub88Keys {
  mode: 'live' | 'simulator' | 'disabled';
  /** The aggregator's public key: verifies its calls to our wallet API. */
  aggregatorPublicKey: string | null;
  /** Ours: signs our answers and our Games API calls. */
  operatorPrivateKey: string | null;
  /** Simulator only: the keys the local simulator plays the aggregator with. */
  simulator: { aggregatorPrivateKey: string; operatorPublicKey: string } | null;
}

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

let generated: Hub88Keys | null = null;

/**
 * The keys in force. Live: both from the environment. Simulator (outside production with no keys
 * configured): two keypairs generated once per process, at start — one for the simulator playing
 * the aggregator, one for us — so nothing secret is ever committed or shared between installs.
 * Disabled (production without keys): none; the wallet routes answer RS_ERROR_INVALID_PARTNER.
 */
export function hub88Keys(config: Config): Hub88Keys {
  const c = config.hub88;
  if (c.mode === 'live') {
    return {
      mode: 'live',
      aggregatorPublicKey: c.publicKey ?? null,
      operatorPrivateKey: c.privateKey ?? null,
      simulator: null,
    };
  }
  if (c.mode === 'disabled') {
    return { mode: 'disabled', aggregatorPublicKey: null, operatorPrivateKey: null, simulator: null };
  }
  if (!generated) {
    const aggregator = pair();
    const operator = pair();
    generated = {
      mode: 'simulator',
      aggregatorPublicKey: aggregator.publicKey,
      operatorPrivateKey: operator.privateKey,
      simulator: { aggregatorPrivateKey: aggregator.privateKey, operatorPublicKey: operator.publicKey },
    };
  }
  return generated;
}
