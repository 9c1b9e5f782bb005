import { redirect } from 'react-router';

// Unknown paths redirect to home (spec §2 Router behaviour).
export function loader() {
  return redirect('/');
}

export default function UnknownPathRoute() {
  return null;
}
