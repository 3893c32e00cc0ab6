export { type CaseResult, type ConformanceFixture, conformanceCases, runConformance } from './conformance.ts';
export {
  Hub88Simulator,
  httpTransport,
  SIGNATURE_HEADER,
  SIM_GAMES,
  type SimReward,
  type SimulatorOptions,
  sign,
  UNITS,
  verify,
  type WalletReply,
  type WalletTransport,
} from './simulator.ts';
