// The consultation web module's public parts: what the shell, other features and the form's pages may import.
export { SimilarAnswers, SimilarAnswersList } from './advisory/similar-answers';
export { HomeConsultationSection, pickHomeConsultationCrops } from './wizard/home-consultation-section';
export { memberCasesSection } from './desk/member-cases-section';
/** The consultation draft at sign-out (decision 0425), loaded when a member signs out: `idb` stays out of every page's bundle. */
export const loadDraftAtSignOut = () => import('./form/draft-at-sign-out');
