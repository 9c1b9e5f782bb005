import { route } from '@react-router/dev/routes';

/** The consultation form and the asker's private case page. */
export const formRoutes = [
  route('consultation/form', 'consultation/form/consultation-form-route.tsx'),
  route('consultation/case', 'consultation/form/followed-case-route.tsx'),
];
