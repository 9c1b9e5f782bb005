// The consultation web module's public parts: what other folders (and the form's pages) may import.
export { SimilarAnswers, SimilarAnswersList } from './advisory/similar-answers';
