/**
 * A small orders service's Rego policy, written for these tests in the style of an HTTP API
 * authorization policy: reads are open, clerks create orders, and the head of the change lets
 * supervisors cancel them (a grant). Its data names the clerks and supervisors.
 */
export const ORDERS_BASE = `package orders.authz

default allow := false

allow if {
	input.method == "GET"
	input.path[0] == "orders"
}

allow if {
	input.method == "POST"
	input.user in data.orders.clerks
}
`;

export const ORDERS_GRANT = `${ORDERS_BASE}
allow if {
	input.method == "DELETE"
	input.user in data.orders.supervisors
}
`;

export const ORDERS_DATA = JSON.stringify({ clerks: ['ana', 'bo'], supervisors: ['cy'] });
