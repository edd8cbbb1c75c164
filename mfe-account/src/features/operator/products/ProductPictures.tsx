import { apiErrorMessage, toast } from '@storefront/shared';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { withoutFieldName } from './fieldErrors';
import {
  arrangedFrom,
  arrangementBody,
  arrangementChanged,
  mergeArrangement,
  movePicture,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  type ArrangedPicture,
} from './pictureArrangement';
import { useAddPictureMutation, useArrangePicturesMutation, type OperatorPicture, type OperatorProduct } from './productsApi';
import { capitalised } from './stockText';
import { Thumbnail } from './Thumbnail';

const ALT_MAX_LENGTH = 512;

/** Where focus goes after a move or a removal: a control of the picture at `index` in the new list. */
interface FocusTarget {
  index: number;
  control: 'up' | 'down' | 'colour';
}

function PictureState({ picture }: { picture: OperatorPicture }) {
  if (picture.state === 'ready') return null;
  if (picture.state === 'waiting') return <p className="acc-muted op-picture__state">Still being made in the store’s sizes.</p>;
  return <p className="op-picture__state op-picture__state--failed">Failed{picture.problem ? `: ${picture.problem}` : '.'}</p>;
}

interface PictureItemProps {
  picture: ArrangedPicture;
  index: number;
  count: number;
  colours: readonly string[];
  idPrefix: string;
  onChange: (changed: ArrangedPicture) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}

function PictureItem({ picture, index, count, colours, idPrefix, onChange, onMove, onRemove }: PictureItemProps) {
  const number = index + 1;
  const choices = picture.colourChoice && !colours.includes(picture.colourChoice) ? [...colours, picture.colourChoice] : colours;
  return (
    <li className="op-picture">
      <fieldset className="op-picture__fields">
        <legend>Picture {number}</legend>
        <div className="op-picture__body">
          <Thumbnail path={picture.url} alt="" size={96} />
          <div className="op-picture__controls">
            <PictureState picture={picture} />
            <div className="sf-field">
              <label htmlFor={`${idPrefix}-${index}-colour`}>Colour</label>
              <select
                id={`${idPrefix}-${index}-colour`}
                value={picture.colourChoice}
                onChange={(event) => onChange({ ...picture, colourChoice: event.target.value })}
              >
                <option value="">All colours</option>
                {choices.map((colour) => (
                  <option key={colour} value={colour}>
                    {capitalised(colour)}
                  </option>
                ))}
              </select>
            </div>
            <div className="sf-field">
              <label htmlFor={`${idPrefix}-${index}-alt`}>Alt text</label>
              <input
                id={`${idPrefix}-${index}-alt`}
                type="text"
                value={picture.alt}
                maxLength={ALT_MAX_LENGTH}
                autoComplete="off"
                aria-describedby={`${idPrefix}-alt-hint`}
                onChange={(event) => onChange({ ...picture, alt: event.target.value })}
              />
            </div>
          </div>
        </div>
        <div className="op-picture__actions">
          <button id={`${idPrefix}-${index}-up`} type="button" className="sf-button sf-button--ghost" disabled={index === 0} onClick={() => onMove(-1)}>
            Move up
          </button>
          <button id={`${idPrefix}-${index}-down`} type="button" className="sf-button sf-button--ghost" disabled={index === count - 1} onClick={() => onMove(1)}>
            Move down
          </button>
          <button type="button" className="sf-button sf-button--ghost op-danger-ghost" onClick={onRemove}>
            Remove
          </button>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * The product's pictures: add one (made in the store's sizes at once), then order them, give each
 * its colour and alt text, or remove one, and save the arrangement. Changes stay on this page until
 * "Save pictures"; a picture added meanwhile joins the end of the list.
 */
export function ProductPictures({ product }: { product: OperatorProduct }) {
  const idPrefix = useId();
  const [addPicture, { isLoading: adding }] = useAddPictureMutation();
  const [arrangePictures, { isLoading: saving }] = useArrangePicturesMutation();
  const [view, setView] = useState(() => ({ known: product.pictures, arranged: arrangedFrom(product.pictures) }));
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemLine = useRef<HTMLParagraphElement>(null);

  // The api's list changed (a picture added, the arrangement saved, the page asked again): take it
  // as it is unless this list holds changes not saved yet, which are kept.
  if (view.known !== product.pictures) {
    const keep = !saving && arrangementChanged(view.arranged, view.known);
    setView({ known: product.pictures, arranged: keep ? mergeArrangement(view.arranged, view.known, product.pictures) : arrangedFrom(product.pictures) });
  }
  const { arranged } = view;
  const changed = arrangementChanged(arranged, product.pictures);

  useEffect(() => {
    if (!focusTarget) return;
    const { index, control } = focusTarget;
    const wanted = document.getElementById(`${idPrefix}-${index}-${control}`) as HTMLButtonElement | null;
    const other = document.getElementById(`${idPrefix}-${index}-${control === 'up' ? 'down' : 'up'}`) as HTMLButtonElement | null;
    if (wanted && !wanted.disabled) wanted.focus();
    else if (other && !other.disabled) other.focus();
    else (document.getElementById(`${idPrefix}-${index}-colour`) ?? fileInput.current)?.focus();
  }, [focusTarget, idPrefix]);

  useEffect(() => {
    if (problem) problemLine.current?.focus();
  }, [problem]);

  const arrange = (next: ArrangedPicture[]) => setView((before) => ({ ...before, arranged: next }));

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setNote('');
    if (file.size > PICTURE_MAX_BYTES) {
      setProblem(`${file.name} is larger than 20 MB: save it smaller and try again.`);
      event.target.value = '';
      return;
    }
    setProblem(null);
    setNote('Adding the picture…');
    try {
      await addPicture({ id: product.id, file }).unwrap();
      setNote('');
      toast.success('Picture added.');
    } catch (error) {
      setNote('');
      setProblem(withoutFieldName(apiErrorMessage(error, 'The picture could not be added just now. Please try again.')));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const save = async () => {
    setProblem(null);
    try {
      const saved = await arrangePictures({ id: product.id, pictures: arrangementBody(arranged) }).unwrap();
      setView({ known: saved.pictures, arranged: arrangedFrom(saved.pictures) });
      toast.success('Pictures saved.');
    } catch (error) {
      setProblem(withoutFieldName(apiErrorMessage(error, 'The pictures could not be saved just now. Please try again.')));
    }
  };

  const remove = (index: number) => {
    const next = arranged.filter((_, at) => at !== index);
    arrange(next);
    setNote(`Picture ${index + 1} will be removed when you save the pictures.`);
    if (next.length > 0) setFocusTarget({ index: Math.min(index, next.length - 1), control: 'colour' });
    else fileInput.current?.focus();
  };

  return (
    <section className="acc-card op-pictures" aria-labelledby="op-pictures-title">
      <h2 id="op-pictures-title">Pictures</h2>
      <div className="sf-field">
        <label htmlFor={`${idPrefix}-file`}>Add a picture</label>
        <input
          ref={fileInput}
          id={`${idPrefix}-file`}
          type="file"
          accept={PICTURE_TYPES}
          disabled={adding}
          aria-describedby={`${idPrefix}-file-hint`}
          onChange={(event) => void upload(event)}
        />
        <p id={`${idPrefix}-file-hint`} className="sf-field__hint">
          JPEG, PNG, WebP, GIF or AVIF, up to 20 MB. It is added at the end of the list at once.
        </p>
      </div>
      <p className="acc-muted" role="status">
        {note}
      </p>
      {problem && (
        <p ref={problemLine} className="sf-form-error" role="alert" tabIndex={-1}>
          {problem}
        </p>
      )}
      <p id={`${idPrefix}-alt-hint`} className="sf-visually-hidden">
        What the picture shows, for shoppers who can’t see it.
      </p>
      {arranged.length === 0 ? (
        <p className="acc-muted">{product.pictures.length === 0 ? 'No pictures yet.' : 'Every picture will be removed when you save.'}</p>
      ) : (
        <ol className="op-picture-list" aria-busy={adding || saving}>
          {arranged.map((picture, index) => (
            <PictureItem
              key={picture.position}
              picture={picture}
              index={index}
              count={arranged.length}
              colours={product.product.colours}
              idPrefix={idPrefix}
              onChange={(next) => arrange(arranged.map((item, at) => (at === index ? next : item)))}
              onMove={(step) => {
                arrange(movePicture(arranged, index, step));
                setNote(`Picture ${index + 1} is now picture ${index + 1 + step}.`);
                setFocusTarget({ index: index + step, control: step < 0 ? 'up' : 'down' });
              }}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      {(arranged.length > 0 || changed) && (
        <div className="acc-actions">
          <button type="button" className="sf-button" disabled={saving || !changed} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save pictures'}
          </button>
          {changed && (
            <button type="button" className="sf-button sf-button--ghost" disabled={saving} onClick={() => arrange(arrangedFrom(product.pictures))}>
              Undo changes
            </button>
          )}
        </div>
      )}
    </section>
  );
}
