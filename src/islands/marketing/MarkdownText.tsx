/**
 * The markdown modal's text: markdown to React elements only (raw HTML in the text is dropped, unsafe link
 * addresses emptied by react-markdown's default transform). Its own chunk, loaded by the markdown modal
 * alone: the exit-intent offer and the walls never pay for the markdown parser.
 */
import Markdown from 'react-markdown';

export default function MarkdownText({ text }: { text: string }) {
  return (
    <div className="marketing-markdown">
      <Markdown skipHtml>{text}</Markdown>
    </div>
  );
}
