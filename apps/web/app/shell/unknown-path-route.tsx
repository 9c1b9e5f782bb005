import { redirect } from 'react-router';

// Unknown paths redirect to home.
export function loader() {
  return redirect('/');
}

export default function UnknownPathRoute() {
  return null;
}
