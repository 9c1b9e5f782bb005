/** Pages showing active alerts (the home page, a crop's pages) carry this tag: publishing or editing one changes it. */
export { cropAlertsTag as alertsTag } from '../crops';
