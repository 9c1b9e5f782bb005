// The catalogue feature's public module: what the shell and other features may import from it.
export { HeaderCartCount } from './header-cart-count';
export { memberOrdersSection } from './member-orders-section';
