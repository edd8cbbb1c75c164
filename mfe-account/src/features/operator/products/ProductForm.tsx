import { toast, useNavigate } from '@storefront/shared';
import type { SubmissionErrors } from 'final-form';
import { useMemo, useRef, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { FormError } from '../../auth/FormError';
import { CategoryChoices } from './CategoryChoices';
import { EditConflictNotice, readEditConflict } from './EditConflictNotice';
import { fieldSubmitErrors, PRODUCT_FIELDS, FocusOnRefusal } from './fieldErrors';
import { OptionChoices } from './OptionChoices';
import { AmountField, CheckField, MomentField, ProductTextArea, ProductTextField } from './ProductFields';
import {
  useCreateProductMutation,
  useUpdateProductMutation,
  type CatalogueChoices,
  type EditableProduct,
  type OperatorProduct,
  type ProductEditConflict,
} from './productsApi';
import { EMPTY_PRODUCT, PRODUCT_LIMITS, productFormProblems, toEditableProduct, toFormValues, type ProductFormValues } from './productValues';

interface ProductFormProps {
  choices: CatalogueChoices;
  /** The product being edited; none for a new one. */
  product?: OperatorProduct;
}

const SAVE_FAILED = 'The product could not be saved just now. Please try again.';

/**
 * A product's name, words, groups, price, sale and whether shoppers see it. An edit is saved with
 * the product as it was loaded (`base`): when someone else saved first the api refuses, the typed
 * values stay, and the page says what changed and offers the saved version to start from.
 */
export function ProductForm({ choices, product }: ProductFormProps) {
  const isNew = !product;
  const navigate = useNavigate();
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  // What the next save says it started from, and what the form was last filled with.
  const [base, setBase] = useState<EditableProduct>(product?.product ?? EMPTY_PRODUCT);
  const [start, setStart] = useState<EditableProduct>(base);
  // Filled again only when `start` changes (a save, the saved version loaded): never because the
  // page's product was asked again (a stock change), which would drop what was typed.
  const initialValues = useMemo(() => (isNew ? { ...toFormValues(start), price: '' } : toFormValues(start)), [start, isNew]);
  const [conflict, setConflict] = useState<ProductEditConflict | null>(null);
  const formElement = useRef<HTMLFormElement>(null);

  const colourOptions = useMemo(() => choices.colours.map((colour) => ({ name: colour.name, label: colour.name, swatch: colour.code })), [choices.colours]);
  const sizeOptions = useMemo(() => choices.sizes.map((size) => ({ name: size.name, label: size.label })), [choices.sizes]);

  const save = async (values: ProductFormValues): Promise<SubmissionErrors | undefined> => {
    const next = toEditableProduct(values, base);
    if (!product) {
      const link = values.link?.trim();
      try {
        const created = await createProduct({ product: next, ...(link ? { link } : {}) }).unwrap();
        toast.success('Saved.');
        // The form goes with this page: focus goes to the new product's heading (ProductPages).
        navigate(`/operator/products/${encodeURIComponent(created.id)}`, { state: { created: true } });
        return undefined;
      } catch (error) {
        return fieldSubmitErrors(error, SAVE_FAILED, PRODUCT_FIELDS);
      }
    }
    try {
      const saved = await updateProduct({ id: product.id, base, next }).unwrap();
      setConflict(null);
      setBase(saved.product);
      setStart(saved.product);
      toast.success('Saved.');
      return undefined;
    } catch (error) {
      const found = readEditConflict(error);
      if (found) {
        setConflict(found);
        return undefined;
      }
      return fieldSubmitErrors(error, SAVE_FAILED, PRODUCT_FIELDS);
    }
  };

  const loadSaved = (current: EditableProduct) => {
    setConflict(null);
    setBase(current);
    setStart(current);
    formElement.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  };

  return (
    <Form<ProductFormValues> initialValues={initialValues} validate={(values) => productFormProblems(values, { isNew })} onSubmit={save}>
      {({ handleSubmit, submitError, submitErrors, submitting, form }) => (
        <form
          ref={formElement}
          noValidate
          aria-label={isNew ? 'New product' : 'Product details'}
          className="op-product-form"
          onSubmit={(event) => {
            const outcome = handleSubmit(event);
            // Refused by the form's own rules: focus goes to the first field that says why.
            if (form.getState().hasValidationErrors) {
              setTimeout(() => formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
            }
            return outcome;
          }}
        >
          <ProductTextField name="name" label="Name" maxLength={PRODUCT_LIMITS.name} />
          <ProductTextArea
            name="description"
            label="Description"
            hint="Plain text. Leave a blank line between paragraphs."
            maxLength={PRODUCT_LIMITS.description}
          />
          {isNew && (
            <ProductTextField
              name="link"
              label="Address in the store (optional)"
              hint="The end of the product’s web address, like summer-kaftan. Made from the name when left empty."
              maxLength={PRODUCT_LIMITS.link}
            />
          )}
          <CategoryChoices categories={choices.categories} />
          <div className="op-product-form__options">
            <OptionChoices name="colours" legend="Colours" options={colourOptions} noun="colour" maxLength={PRODUCT_LIMITS.colourName} />
            <OptionChoices name="sizes" legend="Sizes" options={sizeOptions} noun="size" maxLength={PRODUCT_LIMITS.sizeName} />
          </div>
          <fieldset className="op-fieldset">
            <legend>Price</legend>
            <AmountField name="price" label="Price (R)" hint="Including VAT, like 1299.50." />
            <CheckField name="onSale" label="On sale" controls="op-sale-fields" />
            <Field<boolean> name="onSale" subscription={{ value: true }}>
              {({ input: { value: onSale } }) => (
                <div id="op-sale-fields" className="op-sale" hidden={!onSale}>
                  {onSale && (
                    <>
                      <AmountField name="salePrice" label="Sale price (R)" hint="Below the price." />
                      <div className="acc-row">
                        <MomentField name="saleStarts" label="Sale starts (optional)" hint="Empty: as soon as it is saved." />
                        <MomentField name="saleEnds" label="Sale ends (optional)" hint="Empty: until it is taken off." />
                      </div>
                    </>
                  )}
                </div>
              )}
            </Field>
          </fieldset>
          <CheckField name="published" label="Published" hint="Shoppers see the product only when it is published." />
          {conflict && <EditConflictNotice conflict={conflict} choices={choices} onLoadSaved={loadSaved} />}
          <FocusOnRefusal submitErrors={submitErrors} form={formElement} />
          {submitError && (
            <div data-save-outcome tabIndex={-1} className="op-save-outcome">
              <FormError message={submitError} />
            </div>
          )}
          <div className="acc-actions">
            <button type="submit" className="sf-button" disabled={submitting}>
              {submitting ? 'Saving…' : 'Save'}
            </button>
          </div>
        </form>
      )}
    </Form>
  );
}
