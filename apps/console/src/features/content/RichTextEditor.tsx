import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import { Button, Input, Message, Modal } from '@arco-design/web-react';
import {
  IconApps,
  IconBold,
  IconH2,
  IconH3,
  IconImage,
  IconItalic,
  IconLink,
  IconOrderedList,
  IconQuote,
  IconRedo,
  IconStrikethrough,
  IconUndo,
  IconUnorderedList,
} from '@arco-design/web-react/icon';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Image } from '@tiptap/extension-image';
import { Link } from '@tiptap/extension-link';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import axios from 'axios';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@pest/shared';
import { RequestError, reportError } from '../../api/http.ts';
import { ObjectUploadError, uploadToObjectStore } from '../../api/uploads.ts';
import { uploadProblem } from '../../components/ImageUpload/uploadRules.ts';
import { ALLOWED_LINK, linkAddress } from './contentForm.ts';
import './richTextEditor.css';

export interface RichTextEditorProps {
  /** What the editor opens with: the server's HTML of the item edited, or nothing. */
  initialHtml: string;
  onChange(html: string): void;
  /** How many images are on their way to the store: a save waits for them. */
  onUploadingChange(count: number): void;
  label: string;
}

/**
 * The picture node, shown from the chosen file while the document keeps the store's URL: the store
 * serves a stored picture only by a signed link, which comes once the item is saved and read again.
 */
function imageShownFrom(previewOf: (src: string) => string | undefined) {
  return Image.extend({
    addNodeView() {
      return ({ node }) => {
        const img = document.createElement('img');
        const show = (shown: typeof node) => {
          const src = String(shown.attrs.src ?? '');
          img.src = previewOf(src) ?? src;
          img.alt = String(shown.attrs.alt ?? '');
        };
        show(node);
        return {
          dom: img,
          update: (next) => {
            if (next.type !== node.type) return false;
            show(next);
            return true;
          },
        };
      };
    },
  }).configure({ allowBase64: false });
}

/**
 * 内容's rich-text editor (TipTap, bundled: the product runs where no CDN is reachable): headings,
 * bold, italic, strike, lists, quotes, links, tables and images. An image goes through the
 * console's upload flow (its type and size checked first, with the spec's messages), then its
 * stored URL is put in the text; how many are still on their way is told to the page.
 */
export function RichTextEditor({ initialHtml, onChange, onUploadingChange, label }: RichTextEditorProps) {
  const { t } = useTranslation(['content', 'devices']);
  // The chosen files' pictures by their stored URL, kept until the editor goes.
  const previews = useRef(new Map<string, string>());
  const uploads = useRef(new Set<AbortController>());
  const [uploading, setUploading] = useState(0);
  const [linking, setLinking] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const changed = useRef(onChange);
  useLayoutEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false, code: false, codeBlock: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        isAllowedUri: (url) => ALLOWED_LINK.test(url),
      }),
      // Read when ProseMirror draws a picture, never during React's render.
      // eslint-disable-next-line react-hooks/refs
      imageShownFrom((src) => previews.current.get(src)),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
    ],
    content: initialHtml,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { class: 'rich-text-body', role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, 'data-testid': 'content-editor-body' },
    },
    onUpdate: ({ editor: updated }) => changed.current(updated.getHTML()),
  });

  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);
  useEffect(() => {
    const pending = uploads.current;
    const shown = previews.current;
    return () => {
      for (const controller of pending) controller.abort();
      for (const preview of shown.values()) URL.revokeObjectURL(preview);
    };
  }, []);

  const fail = (error: unknown) => {
    if (axios.isCancel(error)) return;
    if (error instanceof RequestError) return reportError(error);
    const reason = error instanceof ObjectUploadError ? error.storeReason : undefined;
    Message.error({ content: reason ?? t('devices:uploadFailed'), duration: TOAST_DURATION_MS });
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) {
      Message.error({ content: problem, duration: TOAST_DURATION_MS });
      return;
    }
    const controller = new AbortController();
    uploads.current.add(controller);
    setUploading((count) => count + 1);
    try {
      const url = await uploadToObjectStore({ file, onProgress: () => undefined, signal: controller.signal });
      previews.current.set(url, URL.createObjectURL(file));
      editor.chain().focus().setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') }).run();
    } catch (error) {
      fail(error);
    } finally {
      uploads.current.delete(controller);
      setUploading((count) => count - 1);
    }
  };

  const confirmLink = () => {
    if (linking === null) return;
    if (!linking.trim()) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinking(null);
      return;
    }
    const href = linkAddress(linking);
    if (!href) {
      Message.error({ content: t('content:link.invalid'), duration: TOAST_DURATION_MS });
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinking(null);
  };

  return (
    <div className="rich-text-editor">
      <Toolbar editor={editor} onImage={() => fileInput.current?.click()} onLink={() => setLinking(String(editor.getAttributes('link').href ?? ''))} />
      {uploading > 0 && (
        <div className="rich-text-uploading" role="status" data-testid="content-editor-uploading">
          {t('content:toolbar.uploading', { count: uploading })}
        </div>
      )}
      <EditorContent editor={editor} />
      {/* No `accept`: a file of the wrong kind must reach the check and get its message. */}
      <input ref={fileInput} type="file" hidden onChange={(event) => void upload(event)} data-testid="content-editor-image-input" />
      <Modal
        visible={linking !== null}
        title={t('content:link.title')}
        onCancel={() => setLinking(null)}
        onOk={confirmLink}
        okText={t('content:link.ok')}
        unmountOnExit
      >
        <Input
          autoFocus
          value={linking ?? ''}
          placeholder={t('content:link.placeholder')}
          aria-label={t('content:link.url')}
          onChange={setLinking}
          onPressEnter={confirmLink}
          data-testid="content-link-input"
        />
      </Modal>
    </div>
  );
}

/** A toolbar button pressed with the mouse leaves the caret where it was in the text: typing goes on there. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

function Toolbar({ editor, onImage, onLink }: { editor: Editor; onImage(): void; onLink(): void }) {
  const { t } = useTranslation(['content']);
  const state = useEditorState({
    editor,
    selector: ({ editor: shown }) => ({
      h2: shown.isActive('heading', { level: 2 }),
      h3: shown.isActive('heading', { level: 3 }),
      bold: shown.isActive('bold'),
      italic: shown.isActive('italic'),
      strike: shown.isActive('strike'),
      bulletList: shown.isActive('bulletList'),
      orderedList: shown.isActive('orderedList'),
      quote: shown.isActive('blockquote'),
      link: shown.isActive('link'),
      table: shown.isActive('table'),
      canUndo: shown.can().undo(),
      canRedo: shown.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tool = (name: string, icon: ReactNode, run: () => void, options: { pressed?: boolean; disabled?: boolean } = {}) => (
    <Button
      key={name}
      size="small"
      type={options.pressed ? 'primary' : 'secondary'}
      icon={icon}
      disabled={options.disabled}
      onClick={run}
      onMouseDown={keepFocus}
      aria-label={t(`content:toolbar.${name}` as 'content:toolbar.bold')}
      title={t(`content:toolbar.${name}` as 'content:toolbar.bold')}
      aria-pressed={options.pressed}
      data-testid={`editor-${name}`}
    />
  );
  const word = (name: string, run: () => void, disabled: boolean) => (
    <Button key={name} size="small" disabled={disabled} onClick={run} onMouseDown={keepFocus} data-testid={`editor-${name}`}>
      {t(`content:toolbar.${name}` as 'content:toolbar.bold')}
    </Button>
  );
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t('content:toolbar.label')}>
      <span className="rich-text-group">
        {tool('heading2', <IconH2 />, () => chain().toggleHeading({ level: 2 }).run(), { pressed: state.h2 })}
        {tool('heading3', <IconH3 />, () => chain().toggleHeading({ level: 3 }).run(), { pressed: state.h3 })}
        {tool('bold', <IconBold />, () => chain().toggleBold().run(), { pressed: state.bold })}
        {tool('italic', <IconItalic />, () => chain().toggleItalic().run(), { pressed: state.italic })}
        {tool('strike', <IconStrikethrough />, () => chain().toggleStrike().run(), { pressed: state.strike })}
      </span>
      <span className="rich-text-group">
        {tool('bulletList', <IconUnorderedList />, () => chain().toggleBulletList().run(), { pressed: state.bulletList })}
        {tool('orderedList', <IconOrderedList />, () => chain().toggleOrderedList().run(), { pressed: state.orderedList })}
        {tool('quote', <IconQuote />, () => chain().toggleBlockquote().run(), { pressed: state.quote })}
        {tool('link', <IconLink />, onLink, { pressed: state.link })}
        {tool('image', <IconImage />, onImage)}
        {tool('table', <IconApps />, () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(), { disabled: state.table })}
      </span>
      {state.table && (
        <span className="rich-text-group">
          {word('addRow', () => chain().addRowAfter().run(), false)}
          {word('addColumn', () => chain().addColumnAfter().run(), false)}
          {word('deleteRow', () => chain().deleteRow().run(), false)}
          {word('deleteColumn', () => chain().deleteColumn().run(), false)}
          {word('deleteTable', () => chain().deleteTable().run(), false)}
        </span>
      )}
      <span className="rich-text-group">
        {tool('undo', <IconUndo />, () => chain().undo().run(), { disabled: !state.canUndo })}
        {tool('redo', <IconRedo />, () => chain().redo().run(), { disabled: !state.canRedo })}
      </span>
    </div>
  );
}
