import { useCartCount } from './cart-count-store';
import './header-cart-count.css';

/** The number of lines in the member's cart, beside INQUIRY in the header. */
export function HeaderCartCount() {
  const count = useCartCount();
  if (count === null) return null;
  return (
    <span className="header-cart-count" data-testid="cart-count">
      <span className="visually-hidden">（詢價清單 </span>
      {count}
      <span className="visually-hidden"> 項）</span>
    </span>
  );
}
