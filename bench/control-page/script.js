// The script-bound control page's fixed work (decision 027): what a framework's start does, in counted steps,
// never timed. A first "render" of 1,500 rows in one task, then 8 tasks of 300 rows each; every row is a few
// nested elements whose text needs some arithmetic and an Intl format. On a phone (or under Lighthouse's 4×
// simulation) each task is a long one, so the page's blocking time is a yardstick of the machine's processor
// beside the portal's signed-in pages, which are bound the same way.
const list = document.getElementById('rows');
const format = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
let built = 0;

function row(index) {
  let value = index;
  for (let step = 0; step < 8000; step += 1) value = (value * 31 + step) % 1000003;
  const item = document.createElement('li');
  const name = document.createElement('strong');
  name.textContent = `Row ${index + 1}`;
  const figure = document.createElement('span');
  figure.textContent = ` ${format.format(value / 100)} points`;
  item.append(name, figure);
  return item;
}

function build(count) {
  const rows = document.createDocumentFragment();
  for (let i = 0; i < count; i += 1) rows.append(row(built++));
  list.append(rows);
  // Reading a size makes the browser lay the rows out inside the task, as a framework's effects do.
  return list.offsetHeight;
}

build(1500);
let tasks = 0;
function next() {
  build(300);
  tasks += 1;
  if (tasks < 8) setTimeout(next, 0);
}
setTimeout(next, 0);
