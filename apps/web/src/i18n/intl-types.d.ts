import type { MessageId } from './messages.ts';

// Makes react-intl reject message ids that en_US.json does not define.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
