import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../lib/session/session-provider';
import { Bootstrap } from './bootstrap';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>
          <Bootstrap>
            <AppRoutes />
          </Bootstrap>
        </BrowserRouter>
      </SessionProvider>
    </QueryClientProvider>
  );
}
