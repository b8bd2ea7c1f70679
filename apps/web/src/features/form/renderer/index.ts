export { type AttachmentInfo, answerErrorsOf, FormRenderer, type FormRendererProps } from './FormRenderer';
export { SignaturePad } from './SignaturePad';
