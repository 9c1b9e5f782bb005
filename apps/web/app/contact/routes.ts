import { route } from '@react-router/dev/routes';

/** CONTACT US (spec §2) and the site's feedback form (issue 15 #13). */
export const contactRoutes = [
  route('contact', 'contact/contact-route.tsx'),
  route('feedback', 'contact/feedback-route.tsx'),
];
