// The control page's fixed work: 200 rows built in 20 tasks of 10, each row after a little arithmetic.
const list = document.getElementById('rows');
let built = 0;
function step() {
  for (let i = 0; i < 10; i += 1) {
    let value = 0;
    for (let j = 0; j < 20000; j += 1) value = (value * 31 + j) % 1000003;
    const row = document.createElement('li');
    row.textContent = `Row ${built + 1}: ${value.toLocaleString('en-IN')}`;
    list.append(row);
    built += 1;
  }
  if (built < 200) setTimeout(step, 0);
}
step();
