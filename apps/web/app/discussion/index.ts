// The discussion web module's public parts: what the shell and other features may import.
export { memberLineSection } from './member-line-section';
