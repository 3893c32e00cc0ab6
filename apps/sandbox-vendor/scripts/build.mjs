// Bundles the games' browser code (plain TypeScript + DOM) into dist/game.js, served by the vendor
// at /sandbox/assets/game.js. The server side is TypeScript source bundled by whoever mounts it.
import { buildClient } from './build-client.mjs';

await buildClient();
console.log('sandbox vendor built: dist/game.js');
