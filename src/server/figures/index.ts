// The day's numbers for the Admin: orders, takings and times per day, and the day's CSV.
export { dayFigureRoutes } from './routes.js';
