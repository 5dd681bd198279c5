'use strict';

// Formats a queue's contents for logs.
function describe(queue) {
	const parts = [];
	for (const x of queue.items) {
		parts.push(typeof x === 'string' ? JSON.stringify(x) : String(x));
	}
	return `[${parts.join(', ')}] (${queue.size}/${queue.capacity})`;
}

module.exports = { describe };
