import { useState } from 'react';
import { Modal, type ModalProps } from '../../renderer/components';

/** A page with a button that opens the modal, as a step or the shop would. */
export function ModalDemo(props: Omit<ModalProps, 'open' | 'onClose' | 'children'> & { startOpen?: boolean; body: string; action: string }) {
  const { startOpen = false, body, action, ...modal } = props;
  const [open, setOpen] = useState(startOpen);
  return (
    <div className="step-view">
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      <Modal {...modal} open={open} onClose={() => setOpen(false)} description={<p>{body}</p>}>
        <div className="modal__actions">
          <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
            {action}
          </button>
        </div>
      </Modal>
    </div>
  );
}
