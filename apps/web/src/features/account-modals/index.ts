/** What others use of the modal queue: its gate, mounted once under the signed-in screens. */
export { ModalQueueGate } from './gate.tsx';
/** The share copy waiting for a subscription (spec 001 §4), set by the share's copy page. */
export { setPendingShareCopy } from './pending-copy.ts';
