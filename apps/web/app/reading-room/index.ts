// The reading room's public module: what the shell and other features may import from it.
export { HomeIpmSection } from './home-ipm-section';
export { HomeNewsSection } from './home-news-section';
export { homeNewsParam, loadHomeReadingRoom } from './home-reading-room-data';
