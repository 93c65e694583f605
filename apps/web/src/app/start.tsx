import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ko } from '@otboo/contract';
import { AppProvider } from '@/app/provider';
import { router } from '@/app/router';
import { UpdatePrompt } from '@/components/pwa/update-prompt';

/** Starts the app in #root (main.tsx imports this once the page has had its first frame). */
export function startApp(): void {
  document.title = ko.app.name;
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <AppProvider>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProvider>,
  );
}
