"""The rules core: the state and the moves, the phases that own every rule
(``dlrules.core.phases``), the engine's loop and chance. Everything else in the
package stands on this floor; it imports only ``components`` and ``rulebook``
below it (docs/architecture.md)."""
