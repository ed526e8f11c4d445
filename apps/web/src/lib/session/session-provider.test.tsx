import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meFixture, renderWithProviders } from '../../test/render';
import { PING_QUERY_KEY } from './keys';
import { useSession } from './use-session';

function Greeting({ index }: { index: number }) {
  const { me, status } = useSession();
  return (
    <p data-testid={`greeting-${index}`}>{status === 'authenticated' ? me?.account.fullName : status}</p>
  );
}

describe('the session', () => {
  it('is asked for once however many parts of the page want it', () => {
    const { client } = renderWithProviders(
      <>
        {[1, 2, 3, 4, 5].map((index) => (
          <Greeting key={index} index={index} />
        ))}
      </>,
      { me: meFixture() },
    );
    for (const index of [1, 2, 3, 4, 5])
      expect(screen.getByTestId(`greeting-${index}`)).toHaveTextContent('Sam Student');
    expect(client.getQueryCache().find({ queryKey: PING_QUERY_KEY })?.getObserversCount()).toBe(1);
  });

  it('says what is missing when a component reads it without its provider', () => {
    expect(() => render(<Greeting index={1} />)).toThrow('useSession needs a SessionProvider above it');
  });
});
