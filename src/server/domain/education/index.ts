// What other areas may use of education: the figure the admin dashboard shows.
export { countEducation } from './education';
