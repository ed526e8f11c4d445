import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Bootstrap } from './bootstrap';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Bootstrap>
          <AppRoutes />
        </Bootstrap>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
