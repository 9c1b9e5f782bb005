// The contact feature's public module: what other features may import from it.
export { newFormKey, readProblem } from './new-form-key';
