#pragma once

namespace docshape::ui {

// Central list of QUndoCommand ids, so that mergeWith only ever merges
// commands of the same family (Tiled's undocommands.h).
enum CommandId {
    CmdChangeEntity = 1,
    CmdChangeField,
    CmdChangeRelationship,
    CmdChangeAccessPattern,
    CmdChangeIndex,
    CmdSetDecision,
    CmdNudgeEntities,
};

} // namespace docshape::ui
