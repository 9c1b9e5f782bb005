import { route } from '@react-router/dev/routes';

/** CONTACT US and the site's feedback form. */
export const contactRoutes = [
  route('contact', 'contact/contact-route.tsx'),
  route('feedback', 'contact/feedback-route.tsx'),
];
