// The contact feature's public module: what other features may import from it.
export { SectionBanner, sections } from './section-banner';
export { newFormKey, readProblem } from './new-form-key';
