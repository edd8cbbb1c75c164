import type { Product } from '@storefront/shared';

/** The options a product comes in: colours with their swatches, and sizes. */
export function AdditionalInformation({ product }: { product: Product }) {
  if (product.colours.length === 0 && product.sizes.length === 0) {
    return <p>This product comes in one colour and one size, as pictured.</p>;
  }
  return (
    <table className="prd-additional">
      <tbody>
        {product.colours.length > 0 && (
          <tr>
            <th scope="row">Colours</th>
            <td>
              <ul className="prd-additional__list">
                {product.colours.map((colour) => (
                  <li key={colour.name}>
                    <span className="prd-additional__swatch" style={{ backgroundColor: colour.code }} aria-hidden="true" />
                    {colour.name}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        )}
        {product.sizes.length > 0 && (
          <tr>
            <th scope="row">Sizes</th>
            <td>
              <ul className="prd-additional__list">
                {product.sizes.map((size) => (
                  <li key={size.name}>
                    {size.label} ({size.name.toUpperCase()})
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
