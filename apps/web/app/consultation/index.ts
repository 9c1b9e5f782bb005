// The consultation web module's public parts: what the shell, other features and the form's pages may import.
export { SimilarAnswers, SimilarAnswersList } from './advisory/similar-answers';
export { HomeConsultationSection, pickHomeConsultationCrops } from './wizard/home-consultation-section';
export { memberCasesSection } from './desk/member-cases-section';
