import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';

// "/checkout" - spec §2 names it only in the route list; the cart and buy-now screens are where an order is
// placed, so this address opens the cart.
export default function CheckoutRoute() {
  return <Navigate to={paths.cart.getHref()} replace />;
}
