/**
 * The contact page (/nous-contacter/, /nl/contacteer-ons/): the customer care hours, then the form: order
 * (a signed-in shopper picks one of their orders), product name, message, and files appended and removed
 * one by one. Each file says at once what is wrong with it ("Fichier trop volumineux", "Type de fichier non
 * supporté"); the accepted types and the maximum sizes are written above the button that adds them. An
 * anonymous shopper gives the e-mail the answer goes to. Once sent, the page says so with the request's
 * reference and where the confirmation went.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { intlLocaleOf, languageOf } from '../../lib/channels.ts';
import { createForm } from '../shared/forms/form-state.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { createOrdersClient, type Order } from '../../lib/shop-api/orders.ts';
import { isShopApiError } from '../../lib/shop-api/http.ts';
import { noErrors } from '../../lib/forms/validate.ts';
import { errorsFromFailure } from '../../lib/forms/violations.ts';
import {
  CONTACT_ACCEPT,
  CONTACT_FILES,
  type ContactFileProblem,
  contactFileProblem,
  contactRequestFor,
  megabytes,
} from '../../lib/shop-api/requests/contact.ts';
import type { ContactRequestAnswer } from '../../lib/shop-api/contact.ts';
import { FieldErrors } from '../shared/forms/ErrorList.tsx';
import { SelectField, TextAreaField, TextField } from '../shared/forms/Field.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { Island, useIsland, type IslandProps, useShop } from '../shared/island.tsx';
import './contact.css';

interface Attached {
  id: number;
  file: File;
  /** Why it cannot be sent: the form's own check, or the platform's message. */
  problem: ContactFileProblem | { message: string } | null;
}

const FIELDS = ['name', 'email', 'orderId', 'productName', 'message', 'files'] as const;
const emptyValues = () => ({ name: '', email: '', orderId: '', productName: '', message: '' });
type Values = ReturnType<typeof emptyValues>;

let nextId = 0;

function useSignedIn() {
  const shop = useShop();
  const loggedIn = useStore(shop.session.$loggedIn);
  const customer = useStore(shop.customer.$customer);
  return loggedIn && customer?.email ? customer : null;
}

/** The customer's placed orders, for the order select (their numbers and dates). */
function useOrders(signedIn: boolean): Order[] {
  const shop = useShop();
  const [orders, setOrders] = useState<Order[]>([]);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    createOrdersClient(shop.client.http)
      .listOrders(1, 30)
      .then(
        ({ orders: list }) => live && setOrders(list.filter((o) => o.number)),
        () => live && setOrders([]),
      );
    return () => {
      live = false;
    };
  }, [signedIn, shop]);
  return orders;
}

function FileList({
  files,
  error,
  onAdd,
  onRemove,
}: {
  files: Attached[];
  /** What is wrong with the list as a whole (too many, too large together, refused files left in it). */
  error: string | null;
  onAdd: (list: File[]) => void;
  onRemove: (id: number) => void;
}) {
  const { t, locale } = useIsland();
  const id = useId();
  const inputId = `${id}-input`;
  const input = useRef<HTMLInputElement>(null);
  const size = useMemo(() => new Intl.NumberFormat(intlLocaleOf(languageOf(locale)), { maximumFractionDigits: 1 }), [locale]);
  const sizeOf = (bytes: number) =>
    bytes < 1024 * 1024
      ? `${size.format(Math.max(1, Math.round(bytes / 1024)))} ${t('contact.units.kb')}`
      : `${size.format(bytes / (1024 * 1024))} ${t('contact.units.mb')}`;
  const problemText = (problem: Attached['problem']) =>
    problem === null
      ? null
      : typeof problem === 'object'
        ? problem.message
        : t(problem === 'FILE_TOO_LARGE' ? 'contact.files.tooLarge' : 'contact.files.type');
  return (
    <fieldset
      className={`field contact-files${error ? ' is-invalid' : ''}`}
      aria-describedby={`${id}-hint ${id}-error`}
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
    >
      <legend>
        {t('contact.files.legend')} <span className="optional-mark">({t('forms.optionalMark')})</span>
      </legend>
      <div className="field-hint" id={`${id}-hint`}>
        <p>{t('contact.files.accepted')}</p>
        <p>
          {t('contact.files.limits', {
            maxFiles: CONTACT_FILES.maxFiles,
            maxFile: megabytes(CONTACT_FILES.maxFileBytes),
            maxTotal: megabytes(CONTACT_FILES.maxTotalBytes),
          })}
        </p>
      </div>
      {files.length > 0 && (
        <ul className="contact-file-list" aria-label={t.plural('contact.files.count', files.length)}>
          {files.map((attached) => {
            const problem = problemText(attached.problem);
            return (
              <li key={attached.id} className={problem ? 'is-refused' : undefined} data-file={attached.file.name}>
                <span className="contact-file-name">{attached.file.name}</span>
                <span className="contact-file-size">{sizeOf(attached.file.size)}</span>
                {problem && <span className="contact-file-problem">{problem}</span>}
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('contact.files.removeNamed', { name: attached.file.name })}
                  onClick={() => {
                    onRemove(attached.id);
                    input.current?.focus();
                  }}
                >
                  {t('contact.files.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="contact-file-add">
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          accept={CONTACT_ACCEPT}
          onChange={(event) => {
            onAdd([...(event.target.files ?? [])]);
            // The same file may be added again after it was removed.
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="button secondary">
          {t('contact.files.add')}
        </label>
      </div>
      <FieldErrors id={`${id}-error`} messages={error ? [error] : []} />
    </fieldset>
  );
}

/** Where the reference goes in the sentence, replaced by the reference in its own unbreakable span. */
const REFERENCE_SLOT = '\u0000';

function Sent({ answer, email, onAgain }: { answer: ContactRequestAnswer; email: string; onAgain: () => void }) {
  const { t } = useIsland();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="contact-sent" role="status" tabIndex={-1} ref={ref}>
      <h2>{t('contact.sent.title')}</h2>
      <p>
        {/* The reference is kept whole: a phone would break it at its hyphen, and the shopper copies it as one word. */}
        {t('contact.sent.text', { reference: REFERENCE_SLOT, email })
          .split(REFERENCE_SLOT)
          .flatMap((part, i) =>
            i === 0
              ? [part]
              : [
                  <span key="reference" className="contact-reference">
                    {answer.reference}
                  </span>,
                  part,
                ],
          )}
      </p>
      <p>
        <button type="button" className="button secondary" onClick={onAgain}>
          {t('contact.sent.again')}
        </button>
      </p>
    </div>
  );
}

/** A submission stopped by the files: the list says why, the other fields have nothing to show. */
class FilesRefused extends Error {}

function ContactForm({ onSent }: { onSent: (answer: ContactRequestAnswer, email: string) => void }) {
  const { t, locale } = useIsland();
  const shop = useShop();
  const customer = useSignedIn();
  const orders = useOrders(customer !== null);
  const [files, setFiles] = useState<Attached[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const filesRef = useRef(files);
  filesRef.current = files;
  const customerRef = useRef(customer);
  customerRef.current = customer;
  const refusedText = t('contact.files.refused');

  const [form] = useState(() =>
    createForm({
      name: 'contact',
      schema: () => contactRequestFor(customerRef.current === null),
      defaults: emptyValues,
      fields: FIELDS,
      failure: (error) => (error instanceof FilesRefused ? noErrors() : errorsFromFailure(error, FIELDS)),
      onSubmit: async (data, values: Values) => {
        const attached = filesRef.current;
        if (attached.some((a) => a.problem !== null)) {
          setListError(refusedText);
          throw new FilesRefused();
        }
        const body = new FormData();
        const signedIn = customerRef.current !== null;
        for (const [name, value] of Object.entries(data))
          if (typeof value === 'string' && value !== '' && !(signedIn && (name === 'email' || name === 'name'))) body.append(name, value);
        for (const a of attached) body.append('files[]', a.file);
        try {
          return { answer: await shop.client.sendContactRequest(body), email: customerRef.current?.email ?? values.email.trim() };
        } catch (error) {
          if (!isShopApiError(error)) throw error;
          // The platform read the files' first bytes: each file it refused says why, the list asks to remove them.
          const refused = new Map<number, string>();
          for (const v of error.violations) {
            const index = /^files\[(\d+)\]$/.exec(v.propertyPath)?.[1];
            if (index !== undefined) refused.set(Number(index), v.message);
            else if (v.propertyPath === 'files') setListError(v.message);
          }
          if (refused.size > 0) {
            setFiles((list) => list.map((a, i) => (refused.has(i) ? { ...a, problem: { message: refused.get(i)! } } : a)));
            setListError(refusedText);
          }
          const others = error.violations.filter((v) => !v.propertyPath.startsWith('files'));
          if (error.violations.length > 0 && others.length === 0) throw new FilesRefused();
          throw error;
        }
      },
    }),
  );

  /** The list's error once it changed: too many files, too large together, or nothing. */
  const checkList = (list: Attached[], overflow: boolean) => {
    const kept = list.filter((a) => a.problem === null).reduce((sum, a) => sum + a.file.size, 0);
    if (overflow) return t('contact.files.tooMany', { max: CONTACT_FILES.maxFiles });
    if (kept > CONTACT_FILES.maxTotalBytes) return t('contact.files.total', { max: megabytes(CONTACT_FILES.maxTotalBytes) });
    return null;
  };
  const add = (picked: File[]) => {
    if (picked.length === 0) return;
    const room = Math.max(0, CONTACT_FILES.maxFiles - files.length);
    const next = [...files, ...picked.slice(0, room).map((file) => ({ id: nextId++, file, problem: contactFileProblem(file) }))];
    setFiles(next);
    setListError(checkList(next, picked.length > room));
  };
  const remove = (id: number) => {
    const next = files.filter((a) => a.id !== id);
    setFiles(next);
    setListError(checkList(next, false));
  };

  const orderOptions = useMemo(() => {
    const date = new Intl.DateTimeFormat(intlLocaleOf(languageOf(locale)), { dateStyle: 'medium' });
    return [
      { value: '', label: t('contact.noOrder') },
      ...orders.map((o) => ({
        value: o.number!,
        label: t('contact.orderOption', {
          number: o.number!,
          date: o.checkoutCompletedAt ? date.format(new Date(o.checkoutCompletedAt)) : '',
        }),
      })),
    ];
  }, [orders, locale, t]);

  return (
    <Form form={form} onSuccess={({ answer, email }) => onSent(answer, email)} className="contact-form">
      {customer ? (
        <p className="contact-signed-in">
          {t('contact.signedInAs', { name: `${customer.firstName} ${customer.lastName}`, email: customer.email })}
        </p>
      ) : (
        <div className="contact-identity">
          <TextField field="name" label={t('contact.fields.name')} autoComplete="name" optional />
          <TextField field="email" label={t('contact.fields.email')} type="email" inputMode="email" autoComplete="email" />
        </div>
      )}
      {customer && orders.length > 0 ? (
        <SelectField field="orderId" label={t('contact.fields.orderId')} options={orderOptions} optional />
      ) : (
        <TextField field="orderId" label={t('contact.fields.orderId')} hint={t('contact.hints.orderId')} inputMode="numeric" optional />
      )}
      <TextField field="productName" label={t('contact.fields.productName')} optional />
      <TextAreaField field="message" label={t('contact.fields.message')} hint={t('contact.hints.message')} rows={6} />
      <FileList files={files} error={listError} onAdd={add} onRemove={remove} />
      <div className="form-actions">
        <SubmitButton>{t('contact.submit')}</SubmitButton>
      </div>
    </Form>
  );
}

function ContactPage() {
  const { t, locale } = useIsland();
  const [sent, setSent] = useState<{ answer: ContactRequestAnswer; email: string } | null>(null);
  const [round, setRound] = useState(0);
  return (
    <div className="contact-page">
      <aside className="contact-care">
        <p>{t('contact.intro')}</p>
        <p className="contact-hours">{t('contact.hours')}</p>
        <p>
          <a href={pathTo('faq', locale)}>{t('contact.faq')}</a>
        </p>
      </aside>
      {sent ? (
        <Sent
          answer={sent.answer}
          email={sent.email}
          onAgain={() => {
            setSent(null);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <ContactForm key={round} onSent={(answer, email) => setSent({ answer, email })} />
      )}
    </div>
  );
}

export default function ContactIsland(props: IslandProps) {
  return (
    <Island {...props}>
      <ContactPage />
    </Island>
  );
}
