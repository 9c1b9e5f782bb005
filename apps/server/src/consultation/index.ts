// The consultation feature's public module: what the app and other features may import from it.
export { consultationFeature } from './consultation-feature';
export { advisoryCaseTag, advisoryListTag } from './advisory/advisory-cache-tags';
export type { AdvisoryServices } from './advisory/advisory-services';
export { wizardTag } from './wizard/wizard-cache-tags';
export type { WizardServices } from './wizard/wizard-services';
export type { WizardStep, WizardStepInput } from './wizard/services/get-wizard-step';
// The consultation form: the tags a submitted case changes (the expert desk caches by them).
export { consultationCaseTags } from './form/form-cache-tags';
export { assignDefaultExpert } from './desk/assign-default-expert';
export { hashCaseToken, newCaseToken } from './case-token';
export { advisoryTag, caseTag } from './desk/desk-case-state';
export type { DeskServices } from './desk/desk-services';
// Erasure of a case's personal data and photos (withdrawal, retention; decision 0305), for a
// member's account deletion too: call it in the deleting transaction with the case row locked.
export { eraseConsultationCase, type ErasedCase } from './form/erase-consultation-case';
