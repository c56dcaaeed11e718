import { linkify } from '../../../lib/linkify';
import classes from '../chats.module.css';

/** Message text with its http(s) links made clickable; they open in a new tab. */
export function MessageText({ text }: { text: string }) {
  return (
    <div className={classes.messageText}>
      {linkify(text).map((segment, index) =>
        segment.type === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder.
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.value}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder.
          <span key={index}>{segment.value}</span>
        ),
      )}
    </div>
  );
}
