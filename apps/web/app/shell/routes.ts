import { index, route } from '@react-router/dev/routes';

/** The shell's own pages (the catch-all stays last in app/routes.ts). */
export const shellRoutes = [index('shell/home-route.tsx'), route('privacy', 'shell/privacy-route.tsx')];
