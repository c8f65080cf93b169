"""A story beat: what happened (assess), the plan (plan, select), its telling and its writes."""
