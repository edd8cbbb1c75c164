import { render, screen, within } from '@testing-library/react';
import { PreviewBanner } from './PreviewBanner';

const refused = { remote: 'mfe-cart' as const, version: '1.0.2', reason: '@storefront/shared: the shell has 2.2.0, mfe-cart needs major 3' };

describe('PreviewBanner', () => {
  it('shows nothing outside a preview', () => {
    const { container } = render(<PreviewBanner preview={[]} refused={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the versions previewed, and how to leave', () => {
    render(<PreviewBanner preview={[{ remote: 'mfe-catalog', version: '1.0.2' }]} />);
    const banner = screen.getByRole('status');
    expect(banner).toHaveAttribute('data-testid', 'preview-banner');
    expect(banner).toHaveTextContent('Preview: mfe-catalog 1.0.2. Shoppers do not see this version. Leave the preview');
    expect(banner).not.toHaveAttribute('data-preview-refused');
    expect(screen.queryByTestId('preview-refused')).toBeNull();
    expect(within(banner).getByRole('link', { name: 'Leave the preview' })).toHaveAttribute('href', '?preview=off');
  });

  it('says plainly that a preview was refused, why, and that the live version is shown, with the same way out', () => {
    render(<PreviewBanner preview={[]} refused={[refused]} />);
    const banner = screen.getByTestId('preview-banner');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveAttribute('data-preview-refused', 'mfe-cart@1.0.2');
    expect(screen.getByTestId('preview-refused')).toHaveTextContent(
      'Preview of mfe-cart 1.0.2 refused: @storefront/shared: the shell has 2.2.0, mfe-cart needs major 3. You are seeing the live version.',
    );
    expect(banner).not.toHaveTextContent('Shoppers do not see this version');
    expect(within(banner).getByRole('link', { name: 'Leave the preview' })).toHaveAttribute('href', '?preview=off');
  });

  it('shows a preview served and one refused together, with one way out', () => {
    render(<PreviewBanner preview={[{ remote: 'mfe-catalog', version: '1.5.0-rc.1' }]} refused={[{ ...refused, reason: 'no contract.json beside the manifest of mfe-cart@1.0.2.' }]} />);
    const banner = screen.getByTestId('preview-banner');
    expect(banner).toHaveTextContent('Preview: mfe-catalog 1.5.0-rc.1. Shoppers do not see this version.');
    expect(screen.getByTestId('preview-refused')).toHaveTextContent('Preview of mfe-cart 1.0.2 refused: no contract.json beside the manifest of mfe-cart@1.0.2. You are seeing the live version.');
    expect(within(banner).getAllByRole('link')).toHaveLength(1);
  });
});
