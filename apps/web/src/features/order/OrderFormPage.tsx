export { default } from '../../components/PagePlaceholder';
