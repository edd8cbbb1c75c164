import { render, screen } from '@testing-library/react';
import { Price } from './Price';
import { RatingBar } from './RatingBar';

describe('Price', () => {
  it('shows the R price', () => {
    render(<Price product={{ price: 1299.5, on_sale_price: null }} />);
    expect(screen.getByText('R1,299.50')).toBeInTheDocument();
  });

  it('shows the sale price first and strikes out the old one', () => {
    render(<Price product={{ price: 400, on_sale_price: 300 }} />);
    expect(screen.getByLabelText('Sale price R300.00').tagName).toBe('INS');
    expect(screen.getByLabelText('Was R400.00').tagName).toBe('DEL');
  });
});

describe('RatingBar', () => {
  it('fills 20 percent a point and reads out the rating', () => {
    render(<RatingBar rating={3.5} />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-fill')).toHaveStyle({ width: '70%' });
  });
});
