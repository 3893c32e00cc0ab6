export {
  ESEWA_STATUS_VALUES,
  EsewaSimulator,
  type EsewaSimulatorOptions,
  type EsewaSimStatus,
  esewaSignature,
} from './esewa.ts';
export {
  KHALTI_STATUS_VALUES,
  KhaltiSimulator,
  type KhaltiSimulatorOptions,
  type KhaltiSimStatus,
} from './khalti.ts';
