/**
 * The pet's photo inside its form: import (a file button or a drop on the zone), rotate a quarter turn,
 * delete. The supported types and the largest size are shown before the shopper picks a file; every
 * refusal is said in words next to the photo, and what happened is announced. Only a signed-in customer
 * gets an upload signature from the shop API: a guest (creating a pet for the kibble guide) is asked to
 * sign in instead of being offered a button that could only fail.
 */
import { useStore } from '@nanostores/react';
import { PUBLIC_IMAGEKIT_PUBLIC_KEY, PUBLIC_IMAGEKIT_URL_ENDPOINT, PUBLIC_SHOP_API_URL } from 'astro:env/client';
import { useEffect, useState, type DragEvent } from 'react';
import { languageOf } from '../../lib/channels.ts';
import { PHOTO_MAX_MB, PHOTO_TYPES, rotatedImageKitUrl } from '../../lib/pets/photo.ts';
import { FieldErrors } from '../shared/forms/ErrorList.tsx';
import { useFormField } from '../shared/forms/Form.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import { usePets } from '../shared/pets/use-pets.ts';
import type { ShopPets } from '../../stores/pets.ts';
import { deletePhoto, fileIdOf, rotatePhoto, uploadPhoto, UploadFailure, type MediaOptions } from './upload.ts';

/** ImageKit's upload endpoint, for a build that names the shop's ImageKit URL endpoint. */
const IMAGEKIT_UPLOAD_URL = 'https://upload.imagekit.io/api/v1/files/upload';

/**
 * Where the photos go, as the build says (PUBLIC_IMAGEKIT_URL_ENDPOINT, PUBLIC_IMAGEKIT_PUBLIC_KEY): by
 * default the embedded media service of the shop API's platform, which uploads, deletes and rotates.
 */
function mediaOptions(language: MediaOptions['language'], pets: ShopPets): MediaOptions {
  const root = PUBLIC_IMAGEKIT_URL_ENDPOINT.replace(/\/+$/, '');
  const embedded = root === `${PUBLIC_SHOP_API_URL.replace(/\/+$/, '')}/media`;
  return {
    uploadUrl: embedded ? `${root}/api/v1/files/upload` : IMAGEKIT_UPLOAD_URL,
    serviceUrl: embedded ? root : null,
    authenticate: (signal) => pets.api.mediaAuthentication(signal),
    publicKey: PUBLIC_IMAGEKIT_PUBLIC_KEY,
    language,
  };
}

const typeNames = PHOTO_TYPES.map((type) => type.replace('image/', '').toUpperCase()).join(', ');

export function PhotoField({ name }: { name: string }) {
  const { t, locale } = useIsland();
  const shop = useShop();
  const pets = usePets();
  const f = useFormField<string | null>('photo');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const [over, setOver] = useState(false);
  // The add form is painted with the page, which cannot know the session: it is read once the island runs,
  // so the first render matches the page's HTML (React refuses to hydrate different text).
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const signedIn = useStore(shop.session.$loggedIn) && running;
  const options = () => mediaOptions(languageOf(locale), pets);

  const run = async (action: () => Promise<string | null>, done: string) => {
    setBusy(true);
    setErrors([]);
    setStatus(t('pets.photo.uploading'));
    try {
      f.set(await action());
      setStatus(t(done));
    } catch (error) {
      setStatus('');
      setErrors([error instanceof UploadFailure ? error.message : t('forms.errors.generic')]);
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File | undefined) =>
    file && void run(async () => (await uploadPhoto(options(), file, file.name)).url, 'pets.photo.uploaded');
  const fileId = f.value ? fileIdOf(f.value) : null;
  // The embedded service turns the file itself; ImageKit turns a photo on delivery, from its address.
  const rotate = () =>
    f.value && void run(async () => (fileId ? rotatePhoto(options(), fileId) : rotatedImageKitUrl(f.value!)), 'pets.photo.uploaded');
  // The profile forgets the photo even when the service no longer has it: a missing file is no reason to keep its link.
  const remove = () =>
    void run(async () => {
      if (fileId) await deletePhoto(options(), fileId);
      return null;
    }, 'pets.photo.removed');
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!busy && signedIn) upload(event.dataTransfer.files[0]);
  };

  return (
    <fieldset className="field pet-photo" aria-describedby={`${f.hintId} ${f.errorId}`} aria-busy={busy || undefined}>
      <legend>{t('pets.fields.photo')}</legend>
      <p className="field-hint" id={f.hintId}>
        {signedIn ? t('pets.photo.hint', { types: typeNames, max: PHOTO_MAX_MB }) : t('pets.photo.signIn')}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut for the file button inside the zone, which keyboards and screen readers use */}
      <div
        className={`pet-photo-zone${over ? ' is-over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-photo-drop
      >
        {f.value ? (
          <img src={f.value} alt={t('pets.photo.alt', { name: name || '…' })} width={160} height={160} />
        ) : (
          <span className="pet-photo-empty">{t('pets.photo.none')}</span>
        )}
        {signedIn && (
          <div className="pet-photo-actions">
            <label className="button secondary" htmlFor={f.id}>
              {t('pets.photo.choose')}
            </label>
            <input
              id={f.id}
              className="visually-hidden"
              type="file"
              accept={PHOTO_TYPES.join(',')}
              disabled={busy}
              onChange={(event) => {
                upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <span className="pet-photo-drop">{t('pets.photo.drop')}</span>
            {f.value && (
              <>
                <button type="button" className="button secondary" onClick={rotate} disabled={busy}>
                  {t('pets.photo.rotate')}
                </button>
                <button type="button" className="button secondary" onClick={remove} disabled={busy}>
                  {t('pets.photo.remove')}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      <p className="form-status" role="status">
        {status}
      </p>
      <FieldErrors id={f.errorId} messages={[...errors, ...f.messages]} />
    </fieldset>
  );
}
