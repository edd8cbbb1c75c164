import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { QuantityInput } from './QuantityInput';

function Harness({ max, initial = 1 }: { max: number; initial?: number }) {
  const [qty, setQty] = useState(initial);
  return (
    <>
      <QuantityInput value={qty} max={max} onChange={setQty} />
      <output aria-label="chosen">{qty}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

describe('QuantityInput: at least 1, at most the stock', () => {
  it('steps up and down, never below 1 and never above the stock', async () => {
    const user = userEvent.setup();
    render(<Harness max={2} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(minus).toBeDisabled();
    await user.click(plus);
    expect(screen.getByLabelText('chosen')).toHaveTextContent('2');
    expect(plus).toBeDisabled();
    await user.click(minus);
    expect(screen.getByLabelText('chosen')).toHaveTextContent('1');
    expect(minus).toBeDisabled();
  });

  it('tells screen readers the limits of the box', () => {
    render(<Harness max={7} />);
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveAccessibleDescription('From 1 to 7');
  });

  it('clamps what is typed to the stock', async () => {
    const user = userEvent.setup();
    render(<Harness max={7} />);
    const input = screen.getByLabelText('Quantity');
    await user.clear(input);
    await user.type(input, '25');
    expect(input).toHaveValue('7');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('7');
  });

  it('treats an empty box as 1 and shows 1 again on leaving it', async () => {
    const user = userEvent.setup();
    render(<Harness max={9} initial={4} />);
    const input = screen.getByLabelText('Quantity');
    await user.clear(input);
    expect(screen.getByLabelText('chosen')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveValue('1');
  });

  it('makes a negative number typed 1, the least one can buy, as it does 0', async () => {
    const user = userEvent.setup();
    render(<Harness max={9} initial={4} />);
    const input = screen.getByLabelText('Quantity');
    await user.clear(input);
    await user.type(input, '-3');
    expect(input).toHaveValue('1');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('1');
    await user.clear(input);
    await user.type(input, '0');
    expect(input).toHaveValue('1');
  });

  it('keeps a lone minus sign while it is typed, counting it as 1, and shows 1 on leaving it', async () => {
    const user = userEvent.setup();
    render(<Harness max={9} initial={4} />);
    const input = screen.getByLabelText('Quantity');
    await user.clear(input);
    await user.type(input, '-');
    expect(input).toHaveValue('-');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveValue('1');
  });

  it('ignores letters', async () => {
    const user = userEvent.setup();
    render(<Harness max={9} />);
    const input = screen.getByLabelText('Quantity');
    await user.clear(input);
    await user.type(input, 'a3b');
    expect(input).toHaveValue('3');
  });
});
