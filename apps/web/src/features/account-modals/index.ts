/** What others use of the modal queue: its gate, mounted once under the signed-in screens. */
export { ModalQueueGate } from './gate.tsx';
