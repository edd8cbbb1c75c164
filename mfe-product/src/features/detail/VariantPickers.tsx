import { usePurchase } from '../purchase/PurchaseContext';

/** Colour and size: a click picks, a second click on the same one clears; Clear resets all. */
export function VariantPickers() {
  const { product, selection, dispatch, size } = usePurchase();
  if (!product.has_variants) return null;
  return (
    <div className="prd-variants" data-variant-pickers="">
      {product.colours.length > 0 && (
        <fieldset className="prd-variants__group">
          <legend>
            Colour{selection.colour ? <span className="prd-variants__chosen">: {selection.colour}</span> : null}
          </legend>
          <div className="prd-variants__choices">
            {product.colours.map((colour) => (
              <button
                key={colour.name}
                type="button"
                className="prd-swatch"
                style={{ backgroundColor: colour.code }}
                aria-pressed={selection.colour === colour.name}
                aria-label={colour.name}
                title={colour.name}
                onClick={() => dispatch({ type: 'colourClicked', colour: colour.name })}
              />
            ))}
          </div>
        </fieldset>
      )}
      {product.sizes.length > 0 && (
        <fieldset className="prd-variants__group">
          <legend>
            Size{size ? <span className="prd-variants__chosen">: {size.label}</span> : null}
          </legend>
          <div className="prd-variants__choices">
            {product.sizes.map((item) => (
              <button
                key={item.name}
                type="button"
                className="prd-size"
                aria-pressed={selection.size === item.name}
                aria-label={item.label}
                onClick={() => dispatch({ type: 'sizeClicked', size: item.name })}
              >
                {item.name.toUpperCase()}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <button type="button" className="prd-link-button prd-variants__clear" onClick={() => dispatch({ type: 'cleared' })}>
        Clear
      </button>
    </div>
  );
}
