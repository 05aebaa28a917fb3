/** The app's formatting lives in common/ (the server's mail uses it too). */
export { formatDate, formatNumber, localDigits } from '../../common/format';
