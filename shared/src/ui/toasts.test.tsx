import { act, render, screen } from '@testing-library/react';
import { toast, Toasts } from './toasts';

describe('Toasts', () => {
  it('stays out of the page until a toast is raised, then shows it', async () => {
    const { container } = render(<Toasts />);
    expect(container.querySelector('.Toastify')).toBeNull();
    act(() => toast.success('Added to your cart.'));
    expect(await screen.findByText('Added to your cart.')).toBeInTheDocument();
  });

  it('loads with the first interaction, before any toast', async () => {
    const { container } = render(<Toasts />);
    expect(container.querySelector('.Toastify')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(container.querySelector('.Toastify')).not.toBeNull();
  });
});
